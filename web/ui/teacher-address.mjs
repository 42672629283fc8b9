// A teacher's own exercise named in a page's address (?src=ADDRESS of its file), as the
// exercise page and the embed page open it: fetched and read by ui/teacher-exercise.mjs, and
// refused where its id is one of the site's own exercises'. That module is fetched only here,
// when an address names a file, so that a page without a teacher's file carries none of it.
import { setStatus } from './boot.mjs';
import { messageOf } from '../error-message.mjs';
import { catalogueInPage } from '../companion.mjs';

// -> the parsed exercise, or null when it cannot be opened (the page's status then says why).
export async function openTeacherExercise(src) {
  try {
    const { fetchExercise, siteExerciseIds } = await import('./teacher-exercise.mjs');
    const shippedIds = await siteExerciseIds(document.baseURI, catalogueInPage());
    return await fetchExercise(src, document.baseURI, { shippedIds });
  } catch (error) {
    setStatus(messageOf(error), 'error');
    return null;
  }
}
