import { describe, expect, it } from 'vitest';
import { newMachinePassword, rdpFile, rdpFileName } from './connection';

describe('machine connection', () => {
  it('makes passwords with every character class and no look-alikes', () => {
    for (let i = 0; i < 200; i++) {
      const password = newMachinePassword();
      expect(password).toHaveLength(16);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[2-9]/);
      expect(password).toMatch(/[#%+=@]/);
      expect(password).not.toMatch(/[0O1lI]/);
    }
    expect(new Set(Array.from({ length: 50 }, () => newMachinePassword())).size).toBe(50);
  });

  it('writes the .rdp file mstsc reads: address, user, CRLF, no password', () => {
    const file = rdpFile({ host: '185.8.172.10', port: 40001, username: 'render' });
    expect(file.startsWith('full address:s:185.8.172.10:40001\r\nusername:s:render\r\n')).toBe(true);
    expect(file).not.toMatch(/[^\r]\n/);
    expect(file).not.toMatch(/password/i);
  });

  it('names the file after the machine, or its uuid when the name has no Latin letters', () => {
    expect(rdpFileName('Blender farm 2', 'abcdef12-0000')).toBe('Blender-farm-2.rdp');
    expect(rdpFileName('سرور رندر', 'abcdef12-0000')).toBe('machine-abcdef12.rdp');
  });
});
