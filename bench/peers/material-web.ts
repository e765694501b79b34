// Material Web's equivalent of the kit's elements, for the bench's size rows: a dialog, buttons,
// a radio and a text field, bundled with lit as the kit's standalone file is.
import '@material/web/dialog/dialog.js';
import '@material/web/button/filled-button.js';
import '@material/web/button/outlined-button.js';
import '@material/web/button/text-button.js';
import '@material/web/radio/radio.js';
import '@material/web/textfield/outlined-text-field.js';
