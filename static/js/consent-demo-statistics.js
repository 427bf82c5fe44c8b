// A stand-in for a statistics script: pages tag it with data-consent-category="statistics", so it
// runs only once the visitor grants statistics cookies (see client/behaviours/consent.ts).
window.__statisticsLoaded = true;
