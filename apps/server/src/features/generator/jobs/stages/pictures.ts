import { GENERATOR_MESSAGES } from "@mailsmith/shared";
import type { AppContext } from "../../../../context.js";
import type { StoredTemplateImage } from "../../../../db/schema/index.js";
import { compileMjml, looksLikeMjml } from "../../../../email-engine/mjml.js";
import { cleanBoxes, materialiseImages } from "../../design-images.js";
import type { ParsedAnswer } from "../answer.js";
import { GenerationFailure } from "../failures.js";

/** An answer with its pictures in place: the HTML, the MJML source when the model wrote MJML, the stored images. */
export interface PicturedAnswer {
  html: string;
  mjml: string | null;
  images: StoredTemplateImage[];
}

/**
 * "checking", first part: the answer's images cropped from the designs and stored (a refinement keeps the parent's
 * images the new HTML still uses, slots renumbered after them); an MJML answer (images already swapped in its
 * source) is compiled and its source kept for download.
 */
export async function placePictures(
  ctx: AppContext,
  a: ParsedAnswer,
  designs: Buffer[],
  inherited: StoredTemplateImage[],
  userId: string,
): Promise<PicturedAnswer> {
  const materialised = await materialiseImages({
    html: a.html,
    boxes: cleanBoxes(a.images, designs.length),
    designs,
    storage: ctx.storage,
    publicUrl: ctx.env.publicUrl,
    ownerId: userId,
  });
  const kept = inherited.filter((i) => materialised.html.includes(i.url));
  const images = [...kept, ...materialised.images.map((img, i) => ({ ...img, slot: kept.length + i + 1 }))];
  if (!looksLikeMjml(materialised.html)) return { html: materialised.html, mjml: null, images };
  const mjml = materialised.html;
  const html = await compileMjml(mjml).then(
    (r) => r.html,
    () => {
      throw new GenerationFailure("MALFORMED", GENERATOR_MESSAGES.malformed);
    },
  );
  return { html, mjml, images };
}
