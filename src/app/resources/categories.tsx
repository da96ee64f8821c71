import { TagsOutlined } from '@ant-design/icons';
import type { SpaPart } from '../declared/declared';

export default { icon: <TagsOutlined /> } satisfies SpaPart;
