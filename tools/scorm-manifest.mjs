// The imsmanifest.xml of a SCORM package (a chapter's, or one of chosen exercises: see
// tools/scorm-package.mjs), for SCORM 1.2 and SCORM 2004 4th edition: one SCO (index.html
// with its files), no sequencing rules beyond the LMS's defaults. The item's `parameters`
// (the launch's query: per-learner variants, the feedback policy) are passed by the LMS to
// the SCO's URL. A mastery score (0-100) is written only when the teacher configures one
// (`masteryScore`): as 1.2's adlcp:masteryscore, and as 2004's primary objective satisfied
// by measure with that minimum. Without one the package never reports passed or failed,
// only incomplete or completed: an LMS that recomputes the status from the raw score
// (Moodle's default "mastery score overrides status") would otherwise fail every learner
// under the mastery score, those who have not finished included.

const escapeXml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// A mastery score as the build takes it: a whole number 0-100, or null for none.
export function readMasteryScore(text) {
  if (text === undefined || text === null || String(text).trim() === '') return null;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 100) {
    throw new Error(`the mastery score must be a whole number from 0 to 100, not ${JSON.stringify(String(text))}`);
  }
  return value;
}

// The one SCO and its files (1.2 spells the attribute scormtype, 2004 scormType).
const resources = (id, files, scormTypeAttribute) => `  <resources>
    <resource identifier="${id}-sco" type="webcontent" ${scormTypeAttribute}="sco" href="index.html">
${files.map((file) => `      <file href="${escapeXml(file)}"/>`).join('\n')}
    </resource>
  </resources>`;

// The item's launch parameters, as an attribute (none when empty).
const parametersAttribute = (parameters) => (parameters ? ` parameters="${escapeXml(parameters)}"` : '');

// A package: {id (an XML name: letters, digits, hyphens), title, itemTitle, files,
// masteryScore (0-100 or null), parameters ("?name=value&…" or '')}.
export function manifest12({ id, title, itemTitle, files, masteryScore = null, parameters = '' }) {
  const mastery = masteryScore === null ? '' : `\n        <adlcp:masteryscore>${masteryScore}</adlcp:masteryscore>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id}" version="1"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="${id}-org">
    <organization identifier="${id}-org">
      <title>${escapeXml(title)}</title>
      <item identifier="${id}-item" identifierref="${id}-sco" isvisible="true"${parametersAttribute(parameters)}>
        <title>${escapeXml(itemTitle)}</title>${mastery}
      </item>
    </organization>
  </organizations>
${resources(id, files, 'adlcp:scormtype')}
</manifest>
`;
}

export function manifest2004({ id, title, itemTitle, files, masteryScore = null, parameters = '' }) {
  const sequencing = masteryScore === null ? '' : `
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="${id}-mastery" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${masteryScore / 100}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>`;
  const imsss = masteryScore === null ? '' : '\n  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"';
  const imsssLocation = masteryScore === null ? '' : ' http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd';
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id}" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"${imsss}
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd${imsssLocation}">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="${id}-org">
    <organization identifier="${id}-org">
      <title>${escapeXml(title)}</title>
      <item identifier="${id}-item" identifierref="${id}-sco"${parametersAttribute(parameters)}>
        <title>${escapeXml(itemTitle)}</title>${sequencing}
      </item>
    </organization>
  </organizations>
${resources(id, files, 'adlcp:scormType')}
</manifest>
`;
}
