import type { ErrorCatalogue } from './catalogue.ts';

/** The Chinese text of every error code (same parameters as the English file; a test compares them). */
const zhCN: ErrorCatalogue = {
  request: {
    invalid: '部分字段填写不正确',
    malformedJson: '请求内容不是有效的 JSON',
    tooLarge: '请求内容过大',
    unsupportedMediaType: '不支持该内容类型',
    uriTooLong: '请求地址过长',
    badUrl: '请求地址无效',
    notFound: '没有这个接口地址',
    tooMany: '请求过于频繁，请一分钟后再试',
  },
  server: {
    internal: '服务器出错了，请重试',
    unavailable: '服务正在启动或暂不可用，请稍后再试',
  },
  field: {
    invalid: '取值无效',
    required: '必填',
    unknown: '未知字段',
    invalidType: '应为{{expected}}',
    tooShort: '至少输入 {{minimum}} 个字符',
    tooLong: '最多输入 {{maximum}} 个字符',
    tooSmall: '不能小于 {{minimum}}',
    tooBig: '不能大于 {{maximum}}',
    tooFewItems: '至少添加 {{minimum}} 项',
    tooManyItems: '最多 {{maximum}} 项',
    notInteger: '请输入整数',
    notOneOf: '请选择以下之一：{{options}}',
    invalidFormat: '格式不正确',
    invalidEmail: '请输入有效的邮箱地址',
    invalidUrl: '请输入有效的网址',
    invalidDate: '请输入有效的日期',
    invalidText: '文本包含不允许的字符',
  },
  auth: {
    invalidCredentials: '用户名或密码错误',
    accountDisabled: '该账号已停用，请联系管理员',
    signInRequired: '请先登录',
    tooManyAttempts: '登录失败次数过多，请 {{minutes}} 分钟后再试',
    permissionDenied: '没有执行此操作的权限（{{permission}}）',
  },
  account: {
    notFound: '账号不存在',
    duplicate: '已存在相同用户名或邮箱的账号',
    unknownRole: '未知角色“{{roleId}}”',
    selfChange: '不能停用自己的账号或修改自己的角色',
  },
  category: {
    notFound: '分类不存在',
    duplicateName: '已存在同名分类',
    inUse: '该分类下还有测试，请先将它们移到其他分类',
    unknown: '未知分类 {{ids}}',
  },
  test: {
    notFound: '测试不存在',
    onShelf: '请先下架测试，再修改题目或计分',
    alreadyOnShelf: '测试已上架',
    notOnShelf: '测试未上架',
    cannotPublish: '测试无法上架：{{problems}}',
    inUse: '该测试有 {{records}} 条记录和 {{orders}} 笔订单，不能删除。可下架以归档。',
    badAnswers: '部分答案无效',
  },
  answer: {
    countMismatch: '应有 {{expected}} 个答案（每题一个），实际为 {{received}} 个',
    notSingle: '该题只能选一个选项，不能是列表',
    noSuchOption: '选项 {{option}} 不存在',
    chosenTwice: '同一选项被选了两次',
  },
  question: {
    notFound: '题目不存在',
    tooMany: '每个测试最多 {{maximum}} 道题',
    notInTest: '不是该测试的题目：{{ids}}',
    incompleteOrder: '请按新顺序列出该测试的每道题，且每道题只出现一次',
  },
  file: {
    notFound: '文件不存在',
    notMultipart: '请以 multipart/form-data 的 file 字段上传文件',
    missing: '没有收到文件',
    tooLarge: '文件超过 {{maximumMb}} MB',
    notImage: '只接受 PNG、JPEG、WebP 或 GIF 图片',
    importRejected: '未导入任何内容：文件中有 {{count}} 处问题',
  },
};

export default zhCN;
