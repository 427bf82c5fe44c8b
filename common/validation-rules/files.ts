// File inputs. The browser reads input.files; the server gets the same {name, size} list from the
// code that parsed the upload (validate(body, t, {files})). Sizes are in bytes.
import type { FileInfo, Rule, RuleInput } from './types';

// A field with no file list (a plain text holding a file name) is checked by its value.
const namesOf = ({ files, value }: RuleInput) => (files.length > 0 ? files.map((file: FileInfo) => file.name) : [value]);

export const extension: Rule = {
  name: 'extension',
  specificationText: 'Please enter a value with a valid extension.',
  key: 'Validation.Extension',
  params: ['extensions'],
  test: (input, { extensions }) => {
    const allowed = (extensions || 'png|jpe?g|gif').replace(/,/g, '|');
    const pattern = new RegExp(`\\.(${allowed})$`, 'i');
    return namesOf(input).every((name) => pattern.test(name));
  },
};

export const maxfiles: Rule = {
  name: 'maxfiles',
  specificationText: 'Please select no more than {0} files.',
  key: 'Validation.MaxFiles',
  params: ['max'],
  test: ({ files }, { max }) => files.length <= Number(max),
};

export const maxsize: Rule = {
  name: 'maxsize',
  specificationText: 'File size must not exceed {0} bytes each.',
  key: 'Validation.MaxSize',
  params: ['max'],
  test: ({ files }, { max }) => files.every((file) => file.size <= Number(max)),
};

export const maxsizetotal: Rule = {
  name: 'maxsizetotal',
  specificationText: 'Total size of all files must not exceed {0} bytes.',
  key: 'Validation.MaxSizeTotal',
  params: ['max'],
  test: ({ files }, { max }) => files.reduce((total, file) => total + file.size, 0) <= Number(max),
};
