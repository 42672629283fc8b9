// The older links (exercise.html?id=ID, exercise-14.html?id=ID, with a seed, a teacher's
// policy, …) go to the exercise's own page (ID.html), which shows the exercise drawn in its
// HTML and carries its stylesheet inline: run at the top of the older page's head, before it
// fetches anything else, this goes there with the address's other parameters as they are (the
// own page reads the seed and the policy itself, and says what it cannot read). An id that
// the catalogue in the page does not list, a teacher's file (?src=) or no id stays: the page's
// stylesheet and script, which the site build put in <template id="page-head"> (a template's
// content is inert, and the preload scanner does not fetch it), are then written into the head
// as the parser would have read them (render-blocking stylesheet, deferred module script).
// A classic script, written into the page by tools/build-site.mjs (olderLinkPage).
(() => {
  const params = new URLSearchParams(window.location.search);
  const id = params.get('id');
  const catalogue = JSON.parse(document.getElementById('exercise-catalogue')?.textContent ?? '[]');
  if (id !== null && !params.has('src') && catalogue.some((entry) => entry.id === id)) {
    params.delete('id');
    // (Stopped first: the parser then reads no more of this page, and asks for nothing more.)
    window.stop();
    window.location.replace(`${encodeURIComponent(id)}.html${params.size ? `?${params}` : ''}`);
    return;
  }
  document.write(document.getElementById('page-head').innerHTML);
})();
