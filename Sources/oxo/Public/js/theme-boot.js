// Loaded as a classic script in <head>, before the page paints, so a chosen theme does
// not flash the other one first. theme.js owns the choice afterwards.
(function () {
  try {
    var theme = localStorage.getItem('oxo.theme');
    if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  } catch (e) {
    // No storage: follow the system.
  }
})();
