/**
 * The script the proxy puts first into every page it serves (browser code, kept as text: the
 * server has no DOM types). It runs before the page's own scripts and talks to the tool around the
 * frame by postMessage only (messages marked `source: 'buglet-pane'`, contracts PaneMessage):
 *
 * - evidence: console errors, uncaught errors and rejections, failed fetch/XHR calls and
 *   resources that did not load, each as it happens, so a defect can carry what went wrong;
 * - navigation: links and GET forms are handed to the tool, which opens them through the proxy
 *   again (with a fresh ticket) instead of letting the frame leave for the site itself; a page's
 *   own pushState/replaceState stays on the proxy's address;
 * - the screenshot: on the tool's request it renders its own document with the DOM-to-image
 *   library the tool sends (modern-screenshot's UMD build) and posts the PNG back. The frame is
 *   sandboxed and of another origin, so the tool cannot read it; only the page can draw itself.
 *
 * The page is untrusted and may fake any of this: the tool treats the messages as the page's own
 * word (shown and attached, never executed) and checks that a screenshot is a PNG data URL.
 */
export function paneScript(pageUrl: string): string {
  // '<' escaped so the address cannot end the script element.
  const base = JSON.stringify(pageUrl).replace(/</g, '\\u003c');
  return `(function (BASE) {
  'use strict';
  if (window.__bugletPane) return;
  window.__bugletPane = true;
  var started = Date.now();
  var parentWindow = window.parent !== window ? window.parent : null;
  // The frame's address is the proxy's, on the tool's own origin: the only parent it answers.
  var toolOrigin = /^https?:/.test(location.origin) ? location.origin : '*';
  function post(message) {
    if (!parentWindow) return;
    message.source = 'buglet-pane';
    try { parentWindow.postMessage(message, toolOrigin); } catch (e) { /* the tool is gone */ }
  }
  function text(value) {
    try {
      if (value instanceof Error) return value.name + ': ' + value.message;
      if (typeof value === 'string') return value;
      return JSON.stringify(value);
    } catch (e) { return String(value); }
  }
  function absolute(url) {
    try { return new URL(url, document.baseURI).href; } catch (e) { return String(url); }
  }
  function record(kind, message) {
    post({ type: 'evidence', entry: { kind: kind, message: String(message).slice(0, 2000), at: Date.now() - started } });
  }

  var consoleError = console.error;
  console.error = function () {
    try { record('console', Array.prototype.map.call(arguments, text).join(' ')); } catch (e) { /* keep logging */ }
    return consoleError.apply(this, arguments);
  };
  window.addEventListener('error', function (event) {
    var el = event.target;
    if (el && el !== window && el.tagName) {
      record('resource', el.tagName.toLowerCase() + ' ' + (el.currentSrc || el.src || el.href || ''));
      return;
    }
    var where = event.filename ? ' (' + event.filename + ':' + event.lineno + ':' + event.colno + ')' : '';
    record('error', (event.message || 'Error') + where);
  }, true);
  window.addEventListener('unhandledrejection', function (event) { record('rejection', text(event.reason)); });

  if (window.fetch) {
    var nativeFetch = window.fetch;
    window.fetch = function (input, init) {
      var url = absolute(typeof input === 'string' ? input : (input && input.url) || String(input));
      var method = String((init && init.method) || (input && input.method) || 'GET').toUpperCase();
      return nativeFetch.apply(this, arguments).then(function (res) {
        if (!res.ok) record('fetch', method + ' ' + url + ' -> ' + res.status);
        return res;
      }, function (error) {
        record('fetch', method + ' ' + url + ' failed: ' + text(error));
        throw error;
      });
    };
  }
  var xhrOpen = XMLHttpRequest.prototype.open;
  var xhrSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url) {
    this.__bugletCall = String(method).toUpperCase() + ' ' + absolute(url);
    return xhrOpen.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    var xhr = this;
    xhr.addEventListener('loadend', function () {
      if (xhr.status === 0 || xhr.status >= 400)
        record('xhr', (xhr.__bugletCall || '') + (xhr.status ? ' -> ' + xhr.status : ' failed'));
    });
    return xhrSend.apply(this, arguments);
  };

  function isSameDocument(url) {
    var a = new URL(url), b = new URL(BASE);
    return a.origin === b.origin && a.pathname === b.pathname && a.search === b.search && a.hash !== '';
  }
  // On window, bubbling: after the page's own handlers, which may have taken the click.
  window.addEventListener('click', function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var link = event.target && event.target.closest ? event.target.closest('a[href]') : null;
    if (!link || link.hasAttribute('download')) return;
    var target = (link.getAttribute('target') || '').toLowerCase();
    if (target && target !== '_self' && target !== '_top' && target !== '_parent') return;
    var href = link.href;
    if (!/^https?:/i.test(href)) return;
    event.preventDefault();
    if (isSameDocument(href)) {
      var id = decodeURIComponent(new URL(href).hash.slice(1));
      var el = document.getElementById(id) || document.getElementsByName(id)[0];
      if (el) el.scrollIntoView();
      return;
    }
    post({ type: 'navigate', url: href });
  });
  window.addEventListener('submit', function (event) {
    var form = event.target;
    if (event.defaultPrevented || !form || String(form.method || 'get').toLowerCase() !== 'get') return;
    var target = (form.getAttribute('target') || '').toLowerCase();
    if (target && target !== '_self') return;
    var data;
    try { data = new FormData(form, event.submitter); } catch (e) { data = new FormData(form); }
    var url = new URL(form.action || BASE);
    url.search = new URLSearchParams(data).toString();
    if (!/^https?:/i.test(url.href)) return;
    event.preventDefault();
    post({ type: 'navigate', url: url.href });
  });
  ['pushState', 'replaceState'].forEach(function (name) {
    var original = history[name];
    history[name] = function (state, title, url) {
      if (url === undefined || url === null) return original.call(this, state, title);
      var next = absolute(url);
      var own = new URL(location.href);
      own.searchParams.set('url', next);
      try { original.call(this, state, title, own.pathname + own.search + new URL(next).hash); } catch (e) { /* leave the address */ }
      post({ type: 'loaded', url: next, title: document.title });
    };
  });

  var screenshot = null;
  function capture(library) {
    try {
      if (!screenshot) {
        // Shadowing the module globals makes the UMD build define window.modernScreenshot.
        new Function('exports', 'module', 'define', library)();
        screenshot = window.modernScreenshot;
      }
      var x = window.scrollX, y = window.scrollY;
      var context;
      screenshot.createContext(document.documentElement, {
        width: window.innerWidth,
        height: window.innerHeight,
        scale: 1,
        backgroundColor: '#ffffff',
        timeout: 5000,
        style: x || y ? { transform: 'translate(' + -x + 'px, ' + -y + 'px)' } : null
      }).then(function (made) {
        context = made;
        // The library reads default styles from an iframe it adds; inside this sandbox that frame
        // gets an origin of its own and cannot be read. Without it every computed style is kept.
        context.sandbox = { contentWindow: null, remove: function () {} };
        return screenshot.domToPng(context);
      }).then(function (dataUrl) {
        post({ type: 'capture-result', dataUrl: dataUrl });
      }, function (error) {
        post({ type: 'capture-error', message: text(error) });
      }).then(function () {
        if (context) screenshot.destroyContext(context);
      });
    } catch (error) {
      post({ type: 'capture-error', message: text(error) });
    }
  }
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.source !== parentWindow || !data || data.source !== 'buglet-tool') return;
    if (data.type === 'capture' && typeof data.library === 'string') capture(data.library);
  });

  post({ type: 'start', url: BASE });
  window.addEventListener('load', function () { post({ type: 'loaded', url: BASE, title: document.title }); });
})(${base});`;
}
