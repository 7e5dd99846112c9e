import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type auditListQuerySchema } from '@cool/shared';
import { DatePicker, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fromDayRange, toDayRange } from '../../../shared/list/dayRange.ts';
import { ListSearchForm, SearchField } from '../../../shared/list/ListSearchForm.tsx';
import type { ListStateOf } from '../../../shared/list/useListState.ts';
import { ActorSelect } from './ActorSelect.tsx';

export type AuditSearch = ListStateOf<typeof auditListQuerySchema>['filters'];

type AuditSearchValues = Omit<AuditSearch, 'from' | 'to'> & { time?: [Dayjs, Dayjs] };

const toValues = ({ from, to, ...filters }: AuditSearch): AuditSearchValues => ({
  ...filters,
  time: toDayRange(from, to),
});

const toFilters = ({ time, ...values }: AuditSearchValues): AuditSearch => ({
  ...values,
  ...fromDayRange(time),
});

export function AuditSearchForm({
  filters,
  onSearch,
}: {
  filters: AuditSearch;
  onSearch: (values: AuditSearch) => void;
}) {
  const { t } = useTranslation();
  const all = t('audit.search.all');
  return (
    <ListSearchForm<AuditSearchValues>
      filters={toValues(filters)}
      onSearch={(v) => onSearch(toFilters(v))}
      // An entity id means nothing without its type (the server refuses it too).
      validate={({ entityId, entityType }) =>
        entityId && !entityType ? { entityId: t('serverError.field.required') } : {}
      }
    >
      <SearchField name="actorId" label={t('audit.field.actor')}>
        <ActorSelect placeholder={t('audit.search.actorPlaceholder')} style={{ width: 180 }} />
      </SearchField>
      <SearchField name="entityType" label={t('audit.field.entityType')}>
        <Select
          allowClear
          placeholder={all}
          style={{ width: 150 }}
          options={AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: t(`audit.entity.${type}`) }))}
        />
      </SearchField>
      <SearchField name="entityId" label={t('audit.field.entityId')}>
        <Input allowClear style={{ width: 130 }} />
      </SearchField>
      <SearchField name="action" label={t('audit.field.action')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={all}
          style={{ width: 170 }}
          options={AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`audit.verb.${action}`) }))}
        />
      </SearchField>
      <SearchField name="time" label={t('audit.field.time')}>
        <DatePicker.RangePicker allowEmpty={[false, false]} style={{ width: 240 }} />
      </SearchField>
    </ListSearchForm>
  );
}
