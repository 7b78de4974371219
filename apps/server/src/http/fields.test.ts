import { describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH as WEB_NAME_MAX_LENGTH } from '../../../web/src/components/ui/input-presets';
import { NAME_MAX_LENGTH, nameField } from './fields';

describe('nameField', () => {
  it('takes Persian and Latin names, with ZWNJ and spaces', () => {
    expect(nameField.parse(' زهرا محمدی‌نژاد ')).toBe('زهرا محمدی‌نژاد');
    expect(nameField.parse("Anne-Marie O'Neil")).toBe("Anne-Marie O'Neil");
  });

  it('refuses a single letter, digits and a name past the limit, in Persian', () => {
    expect(nameField.safeParse('ع').error?.issues[0]?.message).toBe('نام باید دست‌کم دو حرف داشته باشد.');
    expect(nameField.safeParse('A').success).toBe(false);
    expect(nameField.safeParse('علی۲').success).toBe(false);
    expect(nameField.safeParse('ن'.repeat(NAME_MAX_LENGTH + 1)).success).toBe(false);
    expect(nameField.safeParse('ن'.repeat(NAME_MAX_LENGTH)).success).toBe(true);
  });

  it('has the limit the web form’s input stops at', () => {
    expect(WEB_NAME_MAX_LENGTH).toBe(NAME_MAX_LENGTH);
  });
});
