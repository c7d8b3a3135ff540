/** The profile screens' texts (/update-profile and admin settings → Account). */
export const PROFILE_UI_TEXTS = {
  title: "Update Profile",
  intro: "Your photo and personal information.",
  accountSettings: "Account Settings",
  // Photo card.
  photoHeading: "Profile photo",
  photoAlt: (name: string) => `${name}'s profile`,
  choosePhoto: "Choose a profile photo",
  uploading: "Uploading...",
  changePhoto: "Change Photo",
  removePhoto: "Remove Photo",
  photoHint: "JPEG, PNG, GIF or WebP, up to 2 MB.",
  // Personal information form.
  personalInfo: "Personal Information",
  fullName: "Full Name",
  email: "Email Address",
  aboutMe: "About Me",
  address: "Address",
  phone: "Phone Number",
  city: "City",
  country: "Country",
  saving: "Saving...",
  save: "Save Changes",
} as const;
