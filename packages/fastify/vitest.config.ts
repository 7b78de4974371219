import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'fastify',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
  },
});
