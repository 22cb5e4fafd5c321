/**
 * An L$ charge for a US$ price at a rate (issue 30): rounded up to the cent, so the L$ paid is never worth less than
 * the price. Counted in whole cents and ten-thousandths of the rate (its stored precision), so no float rounds it.
 */
export function lrdAmount(usd: number, usdLrd: number): number {
  const product = Math.round(usd * 100) * Math.round(usdLrd * 10_000);
  return Math.ceil(product / 10_000) / 100;
}
