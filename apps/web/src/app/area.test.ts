import { describe, expect, it } from 'vitest';
import { areaOf } from './area';

describe('areaOf', () => {
  it('reads the area from the component prefix', () => {
    expect(areaOf('Admin/Users/List')).toBe('admin');
    expect(areaOf('Care/Tickets/Edit')).toBe('care');
    expect(areaOf('Panel/Instances/Show')).toBe('panel');
    expect(areaOf('Auth/Login')).toBe('auth');
    expect(areaOf('Users/Auth/Signin')).toBe('auth');
  });

  it('puts account pages in the panel', () => {
    expect(areaOf('Users/Home')).toBe('panel');
    expect(areaOf('Dashboard')).toBe('panel');
    expect(areaOf('Profile/Show')).toBe('panel');
    expect(areaOf('API/Index')).toBe('panel');
  });

  it('treats everything else as public', () => {
    expect(areaOf('Public/Home')).toBe('public');
    expect(areaOf('Plans')).toBe('public');
    expect(areaOf('Welcome')).toBe('public');
    // A prefix must match a whole segment.
    expect(areaOf('Administration')).toBe('public');
  });
});
