import { describe, expect, it } from 'vitest';
import { keepModelTogether } from './model-name';

describe('keepModelTogether', () => {
  it('joins a model word to its number with a no-break space, and leaves other spaces alone', () => {
    expect(keepModelTogether('حرفه‌ای RTX 3090')).toBe('حرفه‌ای RTX\u00A03090');
    expect(keepModelTogether('NVIDIA GeForce RTX 4090')).toBe('NVIDIA GeForce RTX\u00A04090');
    expect(keepModelTogether('ایستگاه کاری RTX A6000')).toBe('ایستگاه کاری RTX\u00A0A6000');
    expect(keepModelTogether('2× RTX 4090')).toBe('2×\u00A0RTX\u00A04090');
    expect(keepModelTogether('AMD Ryzen 9 7950X')).toBe('AMD Ryzen\u00A09 7950X');
    expect(keepModelTogether('پلن پایه')).toBe('پلن پایه');
  });
});
