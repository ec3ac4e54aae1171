import { describe, expect, it } from 'vitest';
import { changePasswordBody, contactBody, registerBody } from '@nibras/contract';
import { contractValidator } from './forms';

// A translator that shows which key and values it was asked for.
const t = (key: string, params?: Record<string, unknown>) => (params && Object.keys(params).length ? `${key} ${JSON.stringify(params)}` : key);
const isKey = (key: string) => key.startsWith('api.') || key.startsWith('profile.');

describe('contractValidator', () => {
  it('checks the body with the contract schema and says what the server would say, field by field', () => {
    const validate = contractValidator(registerBody, (values: Record<string, string>) => values, t, isKey);
    expect(validate({ name: 'S', email: 'not-an-email', password: 'short' })).toEqual({
      name: 'api.validation.too_short {"count":2}',
      email: 'api.validation.email',
      password: 'api.validation.too_short {"count":8}',
    });
    expect(validate({ name: 'Sara', email: 'sara@example.com', password: 'Long-enough-1' })).toEqual({});
  });

  it('says "required" for a field left empty (or only spaces), not "at least 2 characters" (issue 25, point 7)', () => {
    const validate = contractValidator(registerBody, (values: Record<string, string>) => values, t, isKey);
    expect(validate({ name: '', email: 'sara@example.com', password: '   ' })).toEqual({ name: 'api.validation.required', password: 'api.validation.required' });
  });

  it('checks the body made from the values, so fields the body leaves out never block the form', () => {
    const validate = contractValidator(contactBody, (values: { name: string; email: string; message: string; draftNote: string }) => ({ name: values.name, email: values.email, message: values.message }), t, isKey);
    expect(validate({ name: 'سارة', email: 'sara@example.com', message: 'Ten letters or more here.', draftNote: '' })).toEqual({});
  });

  it("adds the browser's own checks, which win over the schema's for the same field", () => {
    const validate = contractValidator(
      changePasswordBody,
      (values: { old_password: string; new_password: string; confirm: string }) => ({ old_password: values.old_password, new_password: values.new_password }),
      t,
      isKey,
      (values) => ({
        ...(values.old_password ? {} : { old_password: 'profile.password.required' }),
        ...(values.new_password === values.confirm ? {} : { confirm: 'profile.password.mismatch' }),
      }),
    );
    expect(validate({ old_password: '', new_password: 'Long-enough-1', confirm: 'Long-enough-2' })).toEqual({
      old_password: 'profile.password.required',
      confirm: 'profile.password.mismatch',
    });
  });
});
