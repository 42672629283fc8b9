// The roles exercise's evidence: the lettered arrays the core returns in its working
// (shown before the parts, so the learner can match each role to a letter) and the
// letters themselves (the choices of each part's letter picker). Used by the exercise
// page and the embed widget alike.

import { el, uniqueId } from './dom.mjs';
import { rolesArrays } from './ch19-working.mjs';
import { workingKind } from './working-view.mjs';

// Whether the exercise's working is lettered arrays (the core's "roles" kind) and holds them
// (a working that is the core's {error} holds none).
function hasRoles(exercise) {
  return workingKind(exercise) === 'roles' && Array.isArray(exercise.working?.arrays);
}

// The letters a part may be answered with, or null when the exercise has no lettered arrays.
export function roleLetters(exercise) {
  return hasRoles(exercise) ? exercise.working.arrays.map((a) => String(a.letter)) : null;
}

// The arrays under their letters, in a section headed at `headingLevel`, or null.
export function rolesSection(exercise, { headingLevel = 2 } = {}) {
  if (!hasRoles(exercise)) return null;
  const headingId = uniqueId('roles-heading');
  return el('section', { class: 'roles', 'aria-labelledby': headingId },
    el(`h${headingLevel}`, { id: headingId }, 'The six arrays'),
    el('p', {}, 'Numbers shown to three decimal places.'), rolesArrays(exercise.working));
}
