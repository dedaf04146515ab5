// Runs before the page paints: a visitor with a stored session should not see the prerendered landing
// page flash before the app has checked who they are (main.tsx removes the class when it takes over).
try {
  if (localStorage.getItem('token')) document.documentElement.classList.add('has-session');
} catch (_error) {
  // Storage unavailable: nothing to hide.
}
