/**
 * What an API token may do; a route names the one it needs (`namedRoute({ ability })`) and a
 * token's holder picks them when making it (Profile/Show «توکن‌های API»).
 */
export const TOKEN_ABILITIES = ['read', 'create', 'update', 'delete'] as const;
export type TokenAbility = (typeof TOKEN_ABILITIES)[number];
