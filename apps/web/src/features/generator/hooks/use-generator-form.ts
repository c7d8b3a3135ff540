import {
  DEFAULT_EMAIL_TYPE,
  type EmailType,
  GENERATOR_LIMITS,
  GENERATOR_MESSAGES,
  GENERATOR_UI,
} from "@mailsmith/shared";
import { useEffect, useState } from "react";
import { checkImages, type PickedImage, usePasteImages, useRevokeOnUnmount } from "../components/image-picker";

/**
 * What the member may send: enough credits for the variants asked for (at `price` each: 1, or the local reader's
 * price, which may be 0 — decision 122), instructions within the limit.
 */
function inputProblem(credits: number, variants: number, instructions: string, price: number): string | null {
  if (credits < price) return GENERATOR_MESSAGES.insufficientCredits;
  if (credits < variants * price) return GENERATOR_UI.notEnoughForVariants(variants, credits);
  if (instructions.length > GENERATOR_LIMITS.maxInstructionsLength) return GENERATOR_MESSAGES.instructionsTooLong;
  return null;
}

/**
 * The Generator's form: email type, design images (added, pasted, reordered, removed; object URLs revoked), instructions
 * and variants, with the messages of refused images and of input the server would refuse. `busy` locks it while a
 * generation runs. `submission()` checks the input and builds the request, or returns null after showing why not.
 */
export function useGeneratorForm({ credits, busy, price = 1 }: { credits: number; busy: boolean; price?: number }) {
  const [emailType, setEmailType] = useState<EmailType>(DEFAULT_EMAIL_TYPE);
  const [instructions, setInstructions] = useState("");
  const [images, setImages] = useState<PickedImage[]>([]);
  const [variants, setVariants] = useState<1 | 2>(1);
  /** One of the member's brand kits, or "" for none. */
  const [brandKitId, setBrandKitId] = useState("");
  const [imageErrors, setImageErrors] = useState<string[]>([]);
  const [inputError, setInputError] = useState<string | null>(null);
  /** The first design image of the running generation, for the compare view (an object URL of our own). */
  const [designSrc, setDesignSrc] = useState<string | null>(null);
  useRevokeOnUnmount(images);
  useEffect(() => () => void (designSrc && URL.revokeObjectURL(designSrc)), [designSrc]);

  const addImages = (files: File[]) => {
    const { accepted, errors } = checkImages(images.length, files);
    setImageErrors(errors);
    setInputError(null);
    try {
      const added = accepted.map((file) => ({ id: crypto.randomUUID(), file, url: URL.createObjectURL(file) }));
      setImages((list) => [...list, ...added]);
    } catch {
      setInputError(GENERATOR_MESSAGES.readImagesFailed);
    }
  };
  usePasteImages(addImages, !busy);
  const removeImage = (id: string) => {
    setImageErrors([]);
    setImages((list) => {
      const gone = list.find((i) => i.id === id);
      if (gone) URL.revokeObjectURL(gone.url);
      return list.filter((i) => i.id !== id);
    });
  };
  const moveImage = (from: number, to: number) =>
    setImages((list) => {
      if (to < 0 || to >= list.length) return list;
      const next = [...list];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });

  const submission = (): FormData | null => {
    const problem = inputProblem(credits, variants, instructions, price);
    setInputError(problem);
    if (problem) return null;
    const form = new FormData();
    form.append("emailType", emailType);
    form.append("instructions", instructions);
    form.append("variants", String(variants));
    if (brandKitId) form.append("brandKitId", brandKitId);
    for (const img of images) form.append("images", img.file, img.file.name);
    const first = images[0];
    setDesignSrc(first ? URL.createObjectURL(first.file) : null);
    return form;
  };
  const reset = () => {
    for (const i of images) URL.revokeObjectURL(i.url);
    setImages([]);
    setInstructions("");
    setEmailType(DEFAULT_EMAIL_TYPE);
    setVariants(1);
    setImageErrors([]);
    setInputError(null);
    setDesignSrc(null);
  };

  return {
    emailType,
    setEmailType,
    instructions,
    setInstructions,
    images,
    addImages,
    removeImage,
    moveImage,
    variants,
    setVariants,
    brandKitId,
    setBrandKitId,
    imageErrors,
    inputError,
    designSrc,
    submission,
    reset,
  };
}

export type GeneratorFormState = ReturnType<typeof useGeneratorForm>;
