import { inputSchemaOf } from '../resource.js';
import { citiesResource } from '../resources/cities.js';

/** A city's body, from its declaration (src/domain/resources/cities.ts). */
export const citySchema = inputSchemaOf(citiesResource);
