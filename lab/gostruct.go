package lab

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strconv"
	"strings"
)

// A GoStruct is a struct type as its Go source declares it: its name, its
// doc comment and its exported fields, in order. ReadStruct makes one, so
// that a lesson can write a schema from a type's source without reflection
// or a parser of its own: a built binary carries no comments, and the doc
// comments are what describe a tool to the model.
type GoStruct struct {
	Name   string    // the type's name: "SearchArgs"
	Doc    string    // the type's doc comment, as text, without the comment markers; "" if it has none
	Fields []GoField // the exported fields, in the order they are declared
}

// A GoField is one exported field of a GoStruct.
type GoField struct {
	Name      string // the Go name: "Limit"
	Type      string // the type as written: "string", "int", "[]string", "*int", "map[string]int"
	JSON      string // the name in its json tag: "limit"; "" when the tag gives none, "-" when it says to skip the field
	OmitEmpty bool   // the json tag says omitempty
	Doc       string // the field's doc comment (or the comment after it on its line), as text; "" if it has none
}

// ReadStruct parses src, the text of a Go file, and returns the struct type
// called name. It refuses a file that does not parse, a name that is not
// declared, and a name that is not a struct type, saying which. Embedded
// fields and unexported fields are left out.
func ReadStruct(src, name string) (GoStruct, error) {
	file, err := parser.ParseFile(token.NewFileSet(), "args.go", src, parser.ParseComments)
	if err != nil {
		return GoStruct{}, fmt.Errorf("read struct %s: the source does not parse: %v", name, err)
	}
	for _, decl := range file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.TYPE {
			continue
		}
		for _, spec := range gen.Specs {
			ts := spec.(*ast.TypeSpec)
			if ts.Name.Name != name {
				continue
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				return GoStruct{}, fmt.Errorf("read struct %s: %s is not a struct type: declare it as type %s struct { ... }", name, name, name)
			}
			doc := ts.Doc
			if doc == nil && len(gen.Specs) == 1 {
				doc = gen.Doc
			}
			return GoStruct{Name: name, Doc: strings.TrimSpace(doc.Text()), Fields: structFields(src, st)}, nil
		}
	}
	return GoStruct{}, fmt.Errorf("read struct %s: the source declares no type %s", name, name)
}

// structFields returns the exported, named fields of st.
func structFields(src string, st *ast.StructType) []GoField {
	var fields []GoField
	for _, f := range st.Fields.List {
		doc := f.Doc
		if doc == nil {
			doc = f.Comment
		}
		var tag reflect.StructTag
		if f.Tag != nil {
			if text, err := strconv.Unquote(f.Tag.Value); err == nil {
				tag = reflect.StructTag(text)
			}
		}
		jsonName, options, _ := strings.Cut(tag.Get("json"), ",")
		omit := false
		for _, o := range strings.Split(options, ",") {
			omit = omit || o == "omitempty"
		}
		typ := src[f.Type.Pos()-1 : f.Type.End()-1]
		for _, n := range f.Names {
			if !n.IsExported() {
				continue
			}
			fields = append(fields, GoField{Name: n.Name, Type: typ, JSON: jsonName, OmitEmpty: omit,
				Doc: strings.TrimSpace(doc.Text())})
		}
	}
	return fields
}
