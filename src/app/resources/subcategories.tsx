import { TagOutlined } from '@ant-design/icons';
import type { SpaPart } from '../declared/declared';

export default { icon: <TagOutlined /> } satisfies SpaPart;
