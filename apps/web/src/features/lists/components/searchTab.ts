/** What each tab of the search list gets from the page: the keyword and the page in the URL. */
export interface SearchTabProps {
  keyword: string | undefined;
  pageNo: number;
  onPage: (pageNo: number) => void;
}
