// Analytics count by UTC day (YYYY-MM-DD): the unit of its marks, its daily counts and the score's window.

const DAY_MS = 24 * 60 * 60 * 1000;
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
export const daysFrom = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS) + 1;
