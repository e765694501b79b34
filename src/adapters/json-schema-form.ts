import { isRecord } from '../protocol/constants.js';
import { TEXT_FORMATS, type QuestionField, type TextFormat } from '../protocol/fields.js';
import type { InteractionOption, InteractionQuestion } from '../protocol/request.js';
import type { InteractionResponse } from '../protocol/response.js';
import { CUSTOM_VALUE } from '../rules/options.js';

/** A form schema as questions, or the first thing in it the kit cannot render, by its path. */
export type SchemaOutcome = { ok: true; questions: InteractionQuestion[] } | { ok: false; path: string; message: string };

/** A value as a form answer carries it: typed as the schema says. */
export type FormValue = string | number | boolean | string[];

class Unsupported extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function optional<T>(spec: Record<string, unknown>, key: string, path: string, check: (value: unknown) => value is T, what: string): T | undefined {
  const value = spec[key];
  if (value === undefined) return undefined;
  if (!check(value)) throw new Unsupported(`${path}.${key}`, `must be ${what}`);
  return value;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/** `enum` (+ legacy `enumNames`) or `oneOf`/`anyOf` of `{const, title}` → options. */
function optionsOf(spec: Record<string, unknown>, path: string, titled: 'oneOf' | 'anyOf'): InteractionOption[] | undefined {
  if (spec.enum !== undefined) {
    const values = spec.enum;
    if (!Array.isArray(values) || values.length === 0 || !values.every(isString)) throw new Unsupported(`${path}.enum`, 'must be a non-empty list of strings');
    const names = spec.enumNames;
    if (names !== undefined && (!Array.isArray(names) || names.length !== values.length || !names.every(isString))) {
      throw new Unsupported(`${path}.enumNames`, 'must be a list of strings as long as enum');
    }
    return values.map((value, index) => ({ value, label: (names as string[] | undefined)?.[index] || value, description: '' }));
  }
  const list = spec[titled];
  if (list === undefined) return undefined;
  if (!Array.isArray(list) || list.length === 0) throw new Unsupported(`${path}.${titled}`, 'must be a non-empty list of {const, title}');
  return list.map((item, index) => {
    if (!isRecord(item) || typeof item.const !== 'string') throw new Unsupported(`${path}.${titled}.${index}`, 'must be {const: string, title?: string}');
    const title = typeof item.title === 'string' && item.title ? item.title : item.const;
    return { value: item.const, label: title, description: '' };
  });
}

function uniqueOptions(options: InteractionOption[], path: string): InteractionOption[] {
  const seen = new Set<string>();
  for (const option of options) {
    if (seen.has(option.value)) throw new Unsupported(path, `repeats the value ${JSON.stringify(option.value)}`);
    seen.add(option.value);
  }
  return options;
}

function knownDefault(value: string, options: InteractionOption[], path: string): string {
  if (!options.some((option) => option.value === value)) throw new Unsupported(`${path}.default`, 'must be one of the options');
  return value;
}

function fieldOf(spec: Record<string, unknown>, path: string, required: boolean, description: string | undefined): { field: QuestionField; options: InteractionOption[] } {
  const base = { required, ...(description ? { description } : {}) };
  switch (spec.type) {
    case 'string': {
      const options = optionsOf(spec, path, 'oneOf');
      if (options) {
        uniqueOptions(options, path);
        const given = optional(spec, 'default', path, isString, 'a string');
        const initial = given === undefined ? undefined : [knownDefault(given, options, path)];
        return { options, field: { type: 'choice', ...base, multiple: false, other: false, ...(initial ? { default: initial } : {}) } };
      }
      const format = spec.format;
      if (format !== undefined && !(TEXT_FORMATS as readonly unknown[]).includes(format)) {
        throw new Unsupported(`${path}.format`, `${JSON.stringify(format)} is not one of ${TEXT_FORMATS.join(', ')}`);
      }
      const pattern = optional(spec, 'pattern', path, isString, 'a string');
      if (pattern !== undefined) {
        try {
          new RegExp(pattern, 'u');
        } catch {
          throw new Unsupported(`${path}.pattern`, 'is not a valid regular expression');
        }
      }
      const min = optional(spec, 'minLength', path, isCount, 'a whole number ≥ 0');
      const max = optional(spec, 'maxLength', path, isCount, 'a whole number ≥ 0');
      const initial = optional(spec, 'default', path, isString, 'a string');
      return {
        options: [],
        field: {
          type: 'text',
          ...base,
          ...(format ? { format: format as TextFormat } : {}),
          ...(min !== undefined ? { min_length: min } : {}),
          ...(max !== undefined ? { max_length: max } : {}),
          ...(pattern !== undefined ? { pattern } : {}),
          ...(initial !== undefined ? { default: initial } : {}),
        },
      };
    }
    case 'number':
    case 'integer': {
      const integer = spec.type === 'integer';
      const minimum = optional(spec, 'minimum', path, isNumber, 'a number');
      const maximum = optional(spec, 'maximum', path, isNumber, 'a number');
      const isValue = (value: unknown): value is number => isNumber(value) && (!integer || Number.isInteger(value));
      const initial = optional(spec, 'default', path, isValue, integer ? 'a whole number' : 'a number');
      return {
        options: [],
        field: {
          type: 'number',
          ...base,
          integer,
          ...(minimum !== undefined ? { minimum } : {}),
          ...(maximum !== undefined ? { maximum } : {}),
          ...(initial !== undefined ? { default: initial } : {}),
        },
      };
    }
    case 'boolean': {
      const initial = optional(spec, 'default', path, isBoolean, 'true or false');
      return { options: [], field: { type: 'boolean', ...base, ...(initial !== undefined ? { default: initial } : {}) } };
    }
    case 'array': {
      const items = spec.items;
      if (!isRecord(items)) throw new Unsupported(`${path}.items`, 'must be an object with enum or anyOf');
      if (items.type !== undefined && items.type !== 'string') throw new Unsupported(`${path}.items.type`, 'must be "string"');
      const options = optionsOf(items, `${path}.items`, 'anyOf');
      if (!options) throw new Unsupported(`${path}.items`, 'must have enum or anyOf (arrays of other things are not supported)');
      uniqueOptions(options, `${path}.items`);
      const min = optional(spec, 'minItems', path, isCount, 'a whole number ≥ 0');
      const max = optional(spec, 'maxItems', path, isCount, 'a whole number ≥ 0');
      const given = optional(spec, 'default', path, (value): value is string[] => Array.isArray(value) && value.every(isString), 'a list of strings');
      const initial = given?.map((value) => knownDefault(value, options, path));
      return {
        options,
        field: {
          type: 'choice',
          ...base,
          multiple: true,
          other: false,
          ...(min !== undefined ? { min_items: min } : {}),
          ...(max !== undefined ? { max_items: max } : {}),
          ...(initial ? { default: initial } : {}),
        },
      };
    }
    default:
      throw new Unsupported(`${path}.type`, `${JSON.stringify(spec.type) ?? 'nothing'} is not supported (string, number, integer, boolean, or array of enum)`);
  }
}

/**
 * Reads a flat form schema (the subset MCP elicitation allows: string with format, length and
 * pattern, number and integer with bounds, boolean, single- and multi-select enums, `required`,
 * `default`) into questions with typed fields, in the properties' order. Anything else, such as
 * a nested object, is refused with the path of the first property the kit cannot render, so the
 * peer hears why instead of the user seeing a broken form.
 */
export function schemaToQuestions(schema: unknown, path: string): SchemaOutcome {
  try {
    if (!isRecord(schema)) throw new Unsupported(path, 'must be an object');
    if (schema.type !== 'object') throw new Unsupported(`${path}.type`, 'must be "object"');
    const properties = schema.properties;
    if (!isRecord(properties)) throw new Unsupported(`${path}.properties`, 'must be an object');
    const required = schema.required ?? [];
    if (!Array.isArray(required) || !required.every(isString)) throw new Unsupported(`${path}.required`, 'must be a list of property names');
    const unknown = required.find((name) => !Object.hasOwn(properties, name));
    if (unknown !== undefined) throw new Unsupported(`${path}.required`, `names ${JSON.stringify(unknown)}, which is not a property`);
    const questions = Object.entries(properties).map(([name, spec]): InteractionQuestion => {
      const at = `${path}.properties.${name}`;
      if (!isRecord(spec)) throw new Unsupported(at, 'must be an object');
      const title = optional(spec, 'title', at, isString, 'a string');
      const description = optional(spec, 'description', at, isString, 'a string');
      const { field, options } = fieldOf(spec, at, required.includes(name), description);
      return { id: name, header: '', question: title || name, options, field };
    });
    return { ok: true, questions };
  } catch (error) {
    if (error instanceof Unsupported) return { ok: false, path: error.path, message: error.message };
    throw error;
  }
}

/**
 * The response's answers as the form's content, typed as the schema says: numbers as numbers,
 * booleans as booleans, multi-selects as lists of values. Fields left empty are absent.
 */
export function formContent(questions: readonly InteractionQuestion[], response: InteractionResponse): Record<string, FormValue> {
  const content: Record<string, FormValue> = {};
  for (const question of questions) {
    const answer = Object.hasOwn(response.answers, question.id) ? response.answers[question.id] : undefined;
    const field = question.field;
    if (!answer || !field) continue;
    if (field.type === 'number') content[question.id] = Number(answer.raw_value);
    else if (field.type === 'boolean') content[question.id] = answer.raw_value === 'true';
    else if (field.type === 'choice' && field.multiple) {
      const values = answer.selected_options.filter((value) => value !== CUSTOM_VALUE);
      content[question.id] = answer.text ? [...values, answer.text] : values;
    } else content[question.id] = answer.raw_value;
  }
  return content;
}
