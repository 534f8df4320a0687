import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PIN_MESSAGE, PLACE_REGISTRATION_KINDS, REGISTRATION_FORMS, REGISTRATION_KINDS } from '@domain/onboarding';
import { VALID_SAMPLES } from '@domain/onboarding/test-samples';
import { FORM_SECTIONS, emptyValues, optionValue, valueNamesOf } from './form-fields';

const schemaKeys = (kind: (typeof REGISTRATION_KINDS)[number]) =>
  Object.keys((REGISTRATION_FORMS[kind].schema as unknown as z.ZodObject).shape).sort();

describe('registration form layouts', () => {
  it.each(REGISTRATION_KINDS)('%s shows exactly the fields of its schema', (kind) => {
    // A place's address field also holds its map pin (lat, lng).
    const names = FORM_SECTIONS[kind].flatMap((section) => section.fields.flatMap(valueNamesOf));
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(schemaKeys(kind));
  });

  it.each(REGISTRATION_KINDS)('%s: an untouched form fails validation and the valid sample passes', (kind) => {
    const schema = REGISTRATION_FORMS[kind].schema as unknown as z.ZodType;
    expect(schema.safeParse(emptyValues(FORM_SECTIONS[kind])).success).toBe(false);
    expect(schema.safeParse({ ...emptyValues(FORM_SECTIONS[kind]), ...VALID_SAMPLES[kind] }).success).toBe(true);
  });

  it('every place asks for its map pin with its address, and an untouched pin fails with the pin message', () => {
    const withPin = REGISTRATION_KINDS.filter((kind) => FORM_SECTIONS[kind].some((s) => s.fields.some((f) => f.type === 'place')));
    expect(withPin).toEqual([...PLACE_REGISTRATION_KINDS]);
    const schema = REGISTRATION_FORMS.restaurant.schema;
    const result = schema.safeParse({ ...VALID_SAMPLES.restaurant, lat: emptyValues(FORM_SECTIONS.restaurant).lat, lng: emptyValues(FORM_SECTIONS.restaurant).lng });
    expect(result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['lat', PIN_MESSAGE],
      ['lng', PIN_MESSAGE],
    ]);
  });

  it('select and checkbox options come from the domain lists the schema accepts', () => {
    for (const kind of REGISTRATION_KINDS) {
      const schema = REGISTRATION_FORMS[kind].schema as unknown as z.ZodType;
      for (const section of FORM_SECTIONS[kind]) {
        for (const field of section.fields) {
          if (field.type !== 'select' && field.type !== 'checkboxes') continue;
          for (const option of field.options) {
            const value = field.type === 'select' ? optionValue(option) : [optionValue(option)];
            const sample = { ...emptyValues(FORM_SECTIONS[kind]), ...VALID_SAMPLES[kind], [field.name]: value };
            expect(schema.safeParse(sample).success, `${kind}.${field.name}=${optionValue(option)}`).toBe(true);
          }
        }
      }
    }
  });
});
