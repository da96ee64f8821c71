import { DollarOutlined } from '@ant-design/icons';
import type { SpaPart } from '../declared/declared';
import { retryableLazy as lazy } from '../routes/retryable-lazy';

/** One screen: the add/edit form sits above the table (SPEC.md section 2), a page of its own. */
export default {
  icon: <DollarOutlined />,
  menuOrder: 20,
  pages: { list: lazy(() => import('../pages/handling-charges/HandlingChargesPage')) },
} satisfies SpaPart;
