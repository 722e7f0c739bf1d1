// Inlined at the top of every page's <head> by tools/site_hooks.py, before Material's bundle.
// Material's instant navigation takes over only links its sitemap.xml lists, and it reads the
// sitemap's addresses as written for mkdocs.yml's site_url (it copies the page's protocol and host
// onto them, not the port or the base path). Here the sitemap, as Material's request reads it,
// names the address it was actually served from: its own folder takes the place of the site
// address (the shortest <loc>, the front page). So instant navigation works on any host, port or
// path, whatever site_url says.
(function () {
  var open = XMLHttpRequest.prototype.open;
  var response = Object.getOwnPropertyDescriptor(XMLHttpRequest.prototype, "response");
  function rebase(text, base) {
    var locs = (text.match(/<loc>[^<]*<\/loc>/g) || []).map(function (l) { return l.slice(5, -6).trim(); });
    var home = locs.sort(function (a, b) { return a.length - b.length; })[0];
    return home && home !== base ? text.split(home).join(base) : text;
  }
  XMLHttpRequest.prototype.open = function (method, url) {
    var u = new URL(String(url), location.href);
    if (/\/sitemap\.xml$/.test(u.pathname) && u.origin === location.origin) {
      var xhr = this, base = new URL("./", u).href;
      Object.defineProperty(xhr, "response", { configurable: true, get: function () {
        var body = response.get.call(xhr);
        if (!(body instanceof Blob)) return body;
        return { text: function () { return body.text().then(function (t) { return rebase(t, base); }); } };
      } });
    }
    return open.apply(this, arguments);
  };
})();
