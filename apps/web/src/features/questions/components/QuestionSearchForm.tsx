import { QUESTION_TYPES, type QuestionType } from '@cool/shared';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListSearchForm, SearchField } from '../../../shared/list/ListSearchForm.tsx';

export interface QuestionSearch {
  keyword?: string;
  type?: QuestionType;
}

interface QuestionSearchFormProps {
  /** The list's current filters (from the URL). */
  filters: QuestionSearch;
  onSearch: (values: QuestionSearch) => void;
}

export function QuestionSearchForm({ filters, onSearch }: QuestionSearchFormProps) {
  const { t } = useTranslation();
  return (
    <ListSearchForm filters={filters} onSearch={onSearch}>
      <SearchField name="keyword" label={t('questions.field.stem')}>
        <Input allowClear placeholder={t('questions.search.keywordPlaceholder')} style={{ width: 200 }} />
      </SearchField>
      <SearchField name="type" label={t('questions.field.type')}>
        <Select
          allowClear
          placeholder={t('questions.search.all')}
          style={{ width: 160 }}
          options={QUESTION_TYPES.map((type) => ({ value: type, label: t(`questions.type.${type}`) }))}
        />
      </SearchField>
    </ListSearchForm>
  );
}
