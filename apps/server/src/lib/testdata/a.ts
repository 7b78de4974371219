import { z } from 'zod';
import type { B } from './b';
import { b, type C, type D } from './b';

export const a: B | C | D | number = b + Object.keys(z).length;
