// TariffScope first-party analytics: records page views in our own database.
// Loaded only after the visitor accepted cookies; it re-checks the choice before every send.
(function () {
  if (window.__tariffscopeAnalytics) return;
  window.__tariffscopeAnalytics = true;
  var lastPath = null;

  function consented() {
    return /(?:^|;\s*)cookieConsent=accepted(?:;|$)/.test(document.cookie);
  }

  function record() {
    var path = location.pathname;
    if (!consented() || path === lastPath) return;
    lastPath = path;
    var referrer = document.referrer || null;
    fetch("/api/analytics/page-view", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: path, referrer: referrer }),
      keepalive: true,
      credentials: "same-origin",
    }).catch(function () {});
  }

  ["pushState", "replaceState"].forEach(function (name) {
    var original = history[name];
    history[name] = function () {
      var result = original.apply(this, arguments);
      setTimeout(record, 0);
      return result;
    };
  });
  window.addEventListener("popstate", record);
  record();
})();
