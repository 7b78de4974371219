/** Fewer hours than this left and the balance card warns (the machines stop at zero). */
export const LOW_HOURS = 3;
