import account from '../../../features/account/strings/account/en-US.json';
import twoStep from '../../../features/account/strings/twoStep/en-US.json';
import alerts from '../../../features/alerts/strings/en-US.json';
import analysis from '../../../features/analysis/strings/en-US.json';
import audit from '../../../features/audit/strings/en-US.json';
import categories from '../../../features/categories/strings/en-US.json';
import center from '../../../features/center/strings/en-US.json';
import goals from '../../../features/goals/strings/en-US.json';
import lists from '../../../features/lists/strings/en-US.json';
import monitor from '../../../features/monitor/strings/en-US.json';
import orders from '../../../features/orders/strings/en-US.json';
import outbox from '../../../features/outbox/strings/en-US.json';
import participants from '../../../features/participants/strings/en-US.json';
import payLog from '../../../features/paylog/strings/en-US.json';
import trigger from '../../../features/placeholders/strings/en-US.json';
import orderProfile from '../../../features/profiles/strings/order/en-US.json';
import participantProfile from '../../../features/profiles/strings/participant/en-US.json';
import questions from '../../../features/questions/strings/en-US.json';
import records from '../../../features/records/strings/en-US.json';
import refunds from '../../../features/refunds/strings/en-US.json';
import roles from '../../../features/roles/strings/en-US.json';
import staff from '../../../features/staff/strings/en-US.json';
import tests from '../../../features/tests/strings/en-US.json';
import workplace from '../../../features/workplace/strings/en-US.json';
import testRecord from '../../../shared/records/strings/en-US.json';

/**
 * Every screen's English strings, for i18next's typed keys (locales/messages.ts; types only, never bundled): at
 * run time each page downloads its own (locales/screens.ts).
 */
export const messages = {
  ...categories,
  ...tests,
  ...questions,
  ...testRecord,
  ...records,
  ...alerts,
  ...participants,
  ...orders,
  ...payLog,
  ...outbox,
  ...center,
  ...account,
  ...staff,
  ...roles,
  ...audit,
  ...twoStep,
  ...analysis,
  ...monitor,
  ...workplace,
  ...goals,
  ...refunds,
  ...orderProfile,
  ...participantProfile,
  ...lists,
  ...trigger,
};
