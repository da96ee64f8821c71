/** A screen this wide for antd's breakpoints (jsdom has no media queries): 1440 a desktop, 390 a phone. */
export function fakeScreenWidth(width: number) {
  const px = (query: string, side: 'min' | 'max') => Number(new RegExp(`${side}-width:\\s*(\\d+(?:\\.\\d+)?)px`).exec(query)?.[1] ?? NaN);
  window.matchMedia = ((query: string) => {
    const min = px(query, 'min');
    const max = px(query, 'max');
    const matches = (Number.isNaN(min) || width >= min) && (Number.isNaN(max) || width <= max);
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  }) as unknown as typeof window.matchMedia;
}
