/** @jest-environment jsdom */
import { defineForm, field } from '../../../server/forms';
import { agreedMessage } from './support/both';

const form = defineForm('files', {
  Photo: field.file().extension(),
  Documents: field.file().required().extension('pdf|docx?').maxfiles(2).maxsize(1000).maxsizetotal(1500),
});

const file = (name: string, size = 10) => ({ name, size });
const documents = [file('a.pdf')];

it.each([
  [[file('cat.png')], undefined],
  [[file('cat.JPG'), file('dog.jpeg'), file('bird.gif')], undefined],
  [[file('cat.webp')], 'Please enter a value with a valid extension.'],
  [[file('cat.png'), file('notes.txt')], 'Please enter a value with a valid extension.'],
  [[file('png')], 'Please enter a value with a valid extension.'],
])('extension (default png, jpg/jpeg, gif): %p gets %p', (files, expected) => {
  expect(agreedMessage(form, { Photo: files, Documents: documents }, 'Photo')).toBe(expected);
});

it.each([
  [[], 'This field is required.'],
  [[file('a.pdf', 1000), file('b.docx', 500)], undefined],
  [[file('a.doc')], undefined],
  [[file('a.pdf'), file('b.pdf'), file('c.pdf')], 'Please select no more than 2 files.'],
  [[file('a.pdf', 1001)], 'File size must not exceed 1000 bytes each.'],
  [[file('a.pdf', 1000), file('b.pdf', 501)], 'Total size of all files must not exceed 1500 bytes.'],
  [[file('a.exe')], 'Please enter a value with a valid extension.'],
])('required, extension, maxfiles, maxsize, maxsizetotal: %p gets %p', (files, expected) => {
  expect(agreedMessage(form, { Documents: files }, 'Documents')).toBe(expected);
});

it('gives the server the file list as data once valid', () => {
  const t = Object.assign((key: string) => key, { lng: 'fr' });
  const result = form.validate({}, t, { files: { Documents: [file('a.pdf', 12)] } });
  expect(result.ok && result.data).toEqual({ Photo: [], Documents: [{ name: 'a.pdf', size: 12 }] });
});
