/**
 * Mantine's styles that the first load of any page needs: the base, the variables and the
 * components of the public pages (login, registration, password recovery), of the skeletons and of
 * the pages drawn whole at build time (the product pages, feedback). The build refuses a drawn page
 * that uses a component whose styles are missing here (scripts/prerender.mjs names the sheet).
 * They are in the `mantine` cascade layer, below the app's own styles. The screens that read from
 * the server import the other components' sheets with their cache (signed-in-styles.ts) and the
 * notice stack its own, so that a public page's first paint does not wait for the stylesheet of every component
 * (Lighthouse: render-blocking CSS was most of /login's first paint). The order is Mantine's own
 * (that of styles.css): within the layer a later rule of equal weight wins, so a component's
 * styles come after those it builds on.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
// The app's theme (its colours, fonts, radius) as Mantine writes it, outside the layer as Mantine's
// provider would (theme-variables.ts).
import 'virtual:theme-variables.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/EmptyState.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Title.layer.css';
