export type TokenAbility = 'read' | 'create' | 'update' | 'delete' | (string & {});

export interface ApiToken {
  id: number;
  name: string;
  abilities: TokenAbility[];
  /** The server's own wording («۲ ساعت پیش») or null when never used. */
  last_used_ago?: string | null;
  /** ISO-8601, when the server sends the time rather than a phrase. */
  last_used_at?: string | null;
}

/** Persian names of the abilities a token may have (SCREENS.md §8). */
export const ABILITY_LABELS: Record<string, string> = {
  read: 'خواندن',
  create: 'ساختن',
  update: 'ویرایش',
  delete: 'حذف',
};

export const abilityLabel = (ability: string) => ABILITY_LABELS[ability] ?? ability;
