/** The signed-in shell's measures, shared by the layout and its loading outline (shell-skeleton.tsx). */
export const shellHeaderHeight = 60;
export const shellNavbarWidth = 272;
