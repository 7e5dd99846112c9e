/**
 * Every error the server can answer, by stable code (`area.name`), with its English text. `{{name}}` marks a
 * parameter (i18next's syntax, so the console reads the same file); the Chinese file must use the same ones.
 */
const enUS = {
  request: {
    invalid: 'Some fields are not valid',
    malformedJson: 'The request body is not valid JSON',
    tooLarge: 'The request is too large',
    unsupportedMediaType: 'This content type is not accepted',
    uriTooLong: 'The address is too long',
    badUrl: 'The address is not valid',
    notFound: 'There is no such API address',
    tooMany: 'Too many requests. Try again in a minute.',
  },
  server: {
    internal: 'Something went wrong on the server. Please try again.',
    unavailable: 'The service is starting or unavailable. Please try again shortly.',
  },
  field: {
    invalid: 'Invalid value',
    required: 'Required',
    unknown: 'Unknown field',
    invalidType: 'Expected a {{expected}}',
    tooShort: 'Enter at least {{minimum}} characters',
    tooLong: 'Enter at most {{maximum}} characters',
    tooSmall: 'Must be at least {{minimum}}',
    tooBig: 'Must be at most {{maximum}}',
    tooFewItems: 'Add at least {{minimum}} items',
    tooManyItems: 'At most {{maximum}} items',
    notInteger: 'Enter a whole number',
    notOneOf: 'Choose one of: {{options}}',
    invalidFormat: 'The format is not valid',
    invalidEmail: 'Enter a valid email address',
    invalidUrl: 'Enter a valid web address',
    invalidDate: 'Enter a valid date',
    invalidText: 'The text contains characters that are not allowed',
  },
  auth: {
    invalidCredentials: 'Wrong username or password',
    accountDisabled: 'This account is disabled. Contact an administrator.',
    signInRequired: 'Please sign in',
    tooManyAttempts: 'Too many failed sign-in attempts. Try again in {{minutes}} min.',
    permissionDenied: 'You do not have permission to do this ({{permission}})',
  },
  account: {
    notFound: 'The account was not found',
    duplicate: 'An account with this username or email already exists',
    unknownRole: 'Unknown role "{{roleId}}"',
    selfChange: 'You cannot disable your own account or change your own role',
  },
  category: {
    notFound: 'The category was not found',
    duplicateName: 'A category with this name already exists',
    inUse: 'This category still has tests. Move them to another category first.',
    unknown: 'Unknown category {{ids}}',
  },
  test: {
    notFound: 'The test was not found',
    onShelf: 'Take the test off the shelf before changing its questions or scoring',
    alreadyOnShelf: 'The test is already on the shelf',
    notOnShelf: 'The test is not on the shelf',
    cannotPublish: 'The test cannot be published: {{problems}}',
    inUse:
      'This test has {{records}} records and {{orders}} orders, so it cannot be deleted. Take it off the shelf to archive it instead.',
    badAnswers: 'Some answers are not valid',
  },
  answer: {
    countMismatch: 'Expected {{expected}} answers, one per question, got {{received}}',
    notSingle: 'This question takes one option, not a list',
    noSuchOption: 'Option {{option}} does not exist',
    chosenTwice: 'An option is chosen twice',
  },
  question: {
    notFound: 'The question was not found',
    tooMany: 'A test has at most {{maximum}} questions',
    notInTest: 'Not questions of this test: {{ids}}',
    incompleteOrder: 'List every question of the test exactly once, in the new order',
  },
  file: {
    notFound: 'The file was not found',
    notMultipart: 'Send the file as multipart/form-data field "file"',
    missing: 'No file was sent',
    tooLarge: 'The file is larger than {{maximumMb}} MB',
    notImage: 'Only PNG, JPEG, WebP or GIF images are accepted',
    importRejected: 'Nothing was imported: {{count}} problems in the file',
    unreadable: 'The file is not a readable CSV or XLSX file',
    unpackedTooLarge: 'The workbook unpacks to more than {{maximumMb}} MB',
    tooManyRows: 'The file has more than {{maximum}} rows',
    tooManyColumns: 'The file has more than {{maximum}} columns',
    incomplete: 'The upload ended before the whole file arrived. Please send it again.',
  },
} as const;

export default enUS;
