import { EnvironmentOutlined } from '@ant-design/icons';
import type { SpaPart } from '../declared/declared';

/** City Listing: everything but the sidebar icon comes from the shared declaration. */
export default { icon: <EnvironmentOutlined />, menuOrder: 30 } satisfies SpaPart;
