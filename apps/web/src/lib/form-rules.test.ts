import { describe, expect, it } from 'vitest';
import {
  confirmPasswordField,
  newPasswordField,
  phoneField,
  requiredDocumentFiles,
  z,
} from '@aquamall/shared';
import { formRules, problemRule, zodRule } from './form-rules.ts';

/** The message a rule gives for a value, or null when it accepts it. */
const check = async (rule: { validator?: unknown }, value: unknown) => {
  const validate = rule.validator as (r: unknown, v: unknown) => Promise<void>;
  try {
    await validate({}, value);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

describe('zodRule', () => {
  it("gives an empty field the schema's missing message and a wrong one the pattern's", async () => {
    const rule = zodRule(phoneField);
    expect(rule.required).toBe(true);
    expect(await check(rule, undefined)).toBe('请输入手机号');
    expect(await check(rule, '  ')).toBe('请输入手机号');
    expect(await check(rule, '123')).toBe('请输入正确的手机号');
    expect(await check(rule, '13800000000')).toBeNull();
  });

  it('uses the check message when the schema has no missing message of its own', async () => {
    const rule = zodRule(z.string().trim().min(2, '请输入标题'));
    expect(await check(rule, undefined)).toBe('请输入标题');
    expect(await check(rule, '标题')).toBeNull();
  });

  it('leaves an optional field alone when empty and checks it when filled', async () => {
    const rule = zodRule(z.string().trim().max(3, '最多3个字').optional());
    expect(rule.required).toBe(false);
    expect(await check(rule, undefined)).toBeNull();
    expect(await check(rule, 'abcd')).toBe('最多3个字');
  });

  it('maps the form value to the schema input (an upload list to its files)', async () => {
    const license = zodRule(
      z.string().trim().min(1, '请上传营业执照'),
      (files: string[] | undefined) => files?.[0] ?? '',
    );
    expect(await check(license, [])).toBe('请上传营业执照');
    expect(await check(license, ['a.png'])).toBeNull();
    expect(await check(zodRule(requiredDocumentFiles('license')), [])).toBe('请上传营业执照');
    expect(await check(zodRule(requiredDocumentFiles('license')), undefined)).toBe('请上传营业执照');
  });

  it('applies the one password policy and requires the confirmation', async () => {
    expect(await check(zodRule(newPasswordField), 'abc')).toBe('密码长度需为8-20位');
    expect(await check(zodRule(newPasswordField), 'abcdefgh')).toBe('密码需同时包含字母和数字');
    expect(await check(zodRule(newPasswordField), 'abcd1234')).toBeNull();
    expect(await check(zodRule(confirmPasswordField('请再次输入密码')), '')).toBe('请再次输入密码');
  });
});

describe('formRules and problemRule', () => {
  it('gives one rule per field of the object schema', async () => {
    const rules = formRules(
      z.object({ name: z.string().trim().min(1, '请输入名称'), note: z.string().max(5).default('') }),
    );
    expect(await check(rules.name[0]!, '')).toBe('请输入名称');
    expect(await check(rules.note[0]!, '')).toBeNull();
  });

  it('turns a shared check into a rule', async () => {
    const rule = problemRule((v: string | undefined) => (v ? null : '请填写'), true);
    expect(await check(rule as { validator?: unknown }, undefined)).toBe('请填写');
    expect(await check(rule as { validator?: unknown }, 'x')).toBeNull();
  });
});
