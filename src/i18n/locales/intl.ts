// Counts and durations for the translations beyond zh-CN and en: a count takes its language's
// plural form (Intl.PluralRules: Russian, Arabic and Hebrew have several), and minutes and seconds
// are said in the language's own words (Intl.NumberFormat's units). Digits stay 0–9 in every script.

/** A sentence per plural form; `#` stands for the number, `other` is required. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** The form of `forms` that `n` takes in `locale`, with `#` replaced by `n`. */
export function plural(locale: string, forms: PluralForms): (n: number) => string {
  const rules = new Intl.PluralRules(locale);
  return (n) => (forms[rules.select(n)] ?? forms.other).replace('#', String(n));
}

/** Minutes and seconds as `locale` says them (`2 分 5 秒`, `2 минуты 5 секунд`), Latin digits. */
export function duration(locale: string): (m: number, s: number) => string {
  const unit = (name: string) => new Intl.NumberFormat(`${locale}-u-nu-latn`, { style: 'unit', unit: name, unitDisplay: 'long' });
  const minutes = unit('minute');
  const seconds = unit('second');
  return (m, s) => (m > 0 ? (s > 0 ? `${minutes.format(m)} ${seconds.format(s)}` : minutes.format(m)) : seconds.format(s));
}
