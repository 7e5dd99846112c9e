/** The title column sorts by the title in the language the titles are shown in. */
export const titleSortField = (language: 'zh' | 'en') => (language === 'zh' ? 'titleZh' : 'titleEn');

/** A list's sort with the title sorting by the shown language's title, whichever language a link was made in. */
export const sortInLanguage = <S extends string>(sortField: S | undefined, language: 'zh' | 'en') =>
  sortField?.startsWith('title') ? titleSortField(language) : sortField;
