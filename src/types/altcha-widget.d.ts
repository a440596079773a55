// The <altcha-widget> element's attributes in JSX, as the altcha package declares them for React.
import 'altcha/types/react';
