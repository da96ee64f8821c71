import { DollarOutlined } from '@ant-design/icons';
import { handlingChargesResource } from '../../domain/resources/handling-charges';
import { fromSpec } from './declared';

/** One screen: the add/edit form sits above the table (SPEC.md section 2), a page of its own. */
export const handlingCharges = fromSpec(handlingChargesResource, { icon: <DollarOutlined /> });
