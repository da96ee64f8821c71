import { EnvironmentOutlined } from '@ant-design/icons';
import { citiesResource } from '../../domain/resources/cities';
import { fromSpec } from './declared';

/** City Listing: everything but the sidebar icon comes from the shared declaration. */
export const cities = fromSpec(citiesResource, { icon: <EnvironmentOutlined /> });
