// The direction a language is written in, from its BCP 47 tag: what lays a card out right to left.

export type Direction = 'ltr' | 'rtl';

/**
 * `rtl` for a language written right to left (`ar`, `he`, `ar-EG`, `he-IL`, `fa`, `ur`…), `ltr`
 * for every other tag, an empty one or one it cannot read. Case is ignored; the language subtag
 * decides (a script subtag such as `az-Arab` is not read).
 */
export const directionOf = (tag: string | null | undefined): Direction => (/^(ar|he|iw|fa|ur|ps|sd|yi|dv|ug|ckb)(?![a-z])/i.test(tag ?? '') ? 'rtl' : 'ltr');
