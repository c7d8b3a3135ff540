import { LOCAL_READER_DEFAULTS, ZLocalReaderSettingsSchema } from "@mailsmith/shared";
import { adminSetting } from "../../core/admin-setting.js";

/**
 * The admin's choices for the local reader (decision 122): what a generation it writes costs and whether it writes
 * only when no AI key works (the default) or every new generation. One row in app_meta for every instance, beside the
 * model choice (models.ts); changes are audited.
 */
export const localReaderSettings = adminSetting({
  key: "generator.local-reader",
  schema: ZLocalReaderSettingsSchema,
  defaults: LOCAL_READER_DEFAULTS,
  action: "local_reader.update",
});
