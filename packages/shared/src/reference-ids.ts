/** Ids of the lookup rows the first migration inserts; the spec gives them to clients as a contract. */
export const USER_TYPE = { individual: 1, company: 2 } as const;
export const USER_STATUS = { active: 1, banned: 2 } as const;
export const ATTRIBUTE_TYPE = { Boolean: 1, Number: 2, Text: 3 } as const;
/** Spec: subcategory_status Active=2, Hidden=3; 1 is kept for ads awaiting moderation. */
export const AD_STATUS = { pending: 1, active: 2, hidden: 3, expired: 4, sold: 5 } as const;
