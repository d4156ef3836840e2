import { configure } from '@testing-library/react';

// What antd needs from a browser that jsdom does not implement: media queries (its responsive
// helpers) and a resize observer (avatars and tables measure themselves).
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    onchange: null,
    dispatchEvent: () => false,
  }) as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// antd renders slowly in jsdom, and more slowly still while other test files share the cores: a
// findBy… or waitFor gets five seconds (the default second failed under load), within the test's
// own fifteen.
configure({ asyncUtilTimeout: 5000 });
